import './app/boot';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import '@fontsource-variable/roboto/wght.css';
import './i18n';
import { App } from './app/App';
import { startEarly } from './app/earlyStart';
import { createQueryClient } from './app/queryClient';
import { routes } from './app/routes';

const queryClient = createQueryClient();
startEarly(queryClient, window.location.pathname, window.location.search);

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

createRoot(root).render(
  <StrictMode>
    <App queryClient={queryClient} router={createBrowserRouter(routes)} />
  </StrictMode>,
);
