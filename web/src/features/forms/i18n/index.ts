import { addNamespace } from '../../../i18n';
import en from './en.json';
import ptBR from './pt-BR.json';

// The item form screens' texts, loaded with their lazy chunk (see addNamespace).
addNamespace('forms', { 'pt-BR': ptBR, en });
