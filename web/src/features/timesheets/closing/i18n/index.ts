import { addNamespace } from '../../../../i18n';
import en from './en.json';
import ptBR from './pt-BR.json';

// Month closing's texts, loaded with its lazy chunk (see addNamespace).
addNamespace('closing', { 'pt-BR': ptBR, en });
