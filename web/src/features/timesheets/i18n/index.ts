import { addNamespace } from '../../../i18n';
import en from './en.json';
import ptBR from './pt-BR.json';

// My timesheet's texts, loaded with its lazy chunk (see addNamespace).
addNamespace('timesheets', { 'pt-BR': ptBR, en });
