import { addNamespace } from '../../../i18n';
import en from './en.json';
import ptBR from './pt-BR.json';

// The delete confirmation's texts, loaded with the screens that offer it (see addNamespace).
addNamespace('deletion', { 'pt-BR': ptBR, en });
