import { addNamespace } from '../../../i18n';
import en from './en.json';
import ptBR from './pt-BR.json';

// The project screens' texts, loaded with their lazy chunks (see addNamespace).
addNamespace('projects', { 'pt-BR': ptBR, en });
