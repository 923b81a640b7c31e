import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setSession } from '../../app/session';
import { jsonResponse, mockFetch, renderApp } from '../../test/renderApp';
import { makeSession } from '../../test/session';

describe('entering an application', () => {
  it('says why when its menu cannot be loaded, and leads back to the desktop', async () => {
    setSession(makeSession());
    mockFetch({}, (url) =>
      url.includes('/api/application/getApplicationMenu')
        ? jsonResponse({ Message: 'O registro não foi encontrado.##DETAILEDERROR##request 1' }, 404)
        : jsonResponse({ Message: 'unexpected call' }, 500),
    );
    renderApp('/runtime/99999');
    expect(await screen.findByRole('heading', { name: 'Aplicativo indisponível' })).toBeInTheDocument();
    expect(screen.getByText('O registro não foi encontrado.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Voltar ao início' })).toHaveAttribute('href', '/app');
    // Neither an empty-menu notice nor a version without a number.
    expect(screen.queryByText('Este aplicativo não tem páginas no menu.')).not.toBeInTheDocument();
    expect(screen.queryByText(/^versão/)).not.toBeInTheDocument();
  });
});
