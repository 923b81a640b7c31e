import { addNamespace } from '../../../i18n';
import en from './en.json';
import ptBR from './pt-BR.json';

// The repository screens' texts, loaded with their lazy chunks (see addNamespace).
addNamespace('repositories', { 'pt-BR': ptBR, en });
