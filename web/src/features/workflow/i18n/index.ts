import { addNamespace } from '../../../i18n';
import en from './en.json';
import ptBR from './pt-BR.json';

// The workflow dialogs' and actions menu's texts, loaded with the screens that use them (see addNamespace).
addNamespace('workflow', { 'pt-BR': ptBR, en });
