import { addNamespace } from '../../../i18n';
import en from './en.json';
import ptBR from './pt-BR.json';

// The calendar's texts, loaded with its lazy chunk (see addNamespace).
addNamespace('calendar', { 'pt-BR': ptBR, en });
