import { addNamespace } from '../../../i18n';
import en from './en.json';
import ptBR from './pt-BR.json';

// The schedule's texts, loaded with its lazy chunk (see addNamespace).
addNamespace('schedule', { 'pt-BR': ptBR, en });
