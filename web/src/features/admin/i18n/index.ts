import { addNamespace } from '../../../i18n';
import en from './en.json';
import ptBR from './pt-BR.json';

// The admin screens' texts, loaded with their lazy chunk (see addNamespace).
addNamespace('admin', { 'pt-BR': ptBR, en });
