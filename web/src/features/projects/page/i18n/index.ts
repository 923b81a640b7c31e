import { addNamespace } from '../../../../i18n';
import en from './en.json';
import ptBR from './pt-BR.json';

// The project page's texts, loaded with its lazy chunk (see addNamespace).
addNamespace('projectPage', { 'pt-BR': ptBR, en });
