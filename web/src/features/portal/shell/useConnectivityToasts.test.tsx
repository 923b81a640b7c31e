import { act, render, screen } from '@testing-library/react';
import { SnackbarProvider } from 'notistack';
import { describe, expect, it } from 'vitest';
import { useConnectivityToasts } from './useConnectivityToasts';

function Shell() {
  useConnectivityToasts();
  return null;
}

describe('the connectivity toasts', () => {
  it("show 'user offline' and the lost connection as errors, 'user online' and the restored one as successes", async () => {
    render(
      <SnackbarProvider maxSnack={4}>
        <Shell />
      </SnackbarProvider>,
    );
    act(() => void window.dispatchEvent(new Event('offline')));
    expect(await screen.findByText('user offline')).toBeInTheDocument();
    expect(screen.getByText('Conexão perdida. Verifique sua conexão.')).toBeInTheDocument();
    for (const text of ['user offline', 'Conexão perdida. Verifique sua conexão.']) {
      expect(screen.getByText(text).closest('.notistack-MuiContent')).toHaveClass('notistack-MuiContent-error');
    }

    act(() => void window.dispatchEvent(new Event('online')));
    expect(await screen.findByText('user online')).toBeInTheDocument();
    expect(screen.getByText('Conexão restaurada')).toBeInTheDocument();
    for (const text of ['user online', 'Conexão restaurada']) {
      expect(screen.getByText(text).closest('.notistack-MuiContent')).toHaveClass('notistack-MuiContent-success');
    }
  });
});
