import { addNamespace } from '../../../i18n';
import en from './en.json';
import ptBR from './pt-BR.json';

// The report viewer's texts, loaded with its lazy chunk (see addNamespace).
addNamespace('reports', { 'pt-BR': ptBR, en });
