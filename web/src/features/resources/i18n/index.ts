import { addNamespace } from '../../../i18n';
import en from './en.json';
import ptBR from './pt-BR.json';

// The resources screen's texts, loaded with its lazy chunk (see addNamespace).
addNamespace('resources', { 'pt-BR': ptBR, en });
