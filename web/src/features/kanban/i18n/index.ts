import { addNamespace } from '../../../i18n';
import en from './en.json';
import ptBR from './pt-BR.json';

// The kanban board's texts, loaded with its lazy chunk (see addNamespace).
addNamespace('kanban', { 'pt-BR': ptBR, en });
