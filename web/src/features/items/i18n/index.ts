import { addNamespace } from '../../../i18n';
import en from './en.json';
import ptBR from './pt-BR.json';

// The items screens' texts, loaded with their lazy chunk (see addNamespace).
addNamespace('items', { 'pt-BR': ptBR, en });
