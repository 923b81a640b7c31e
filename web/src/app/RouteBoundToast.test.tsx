import { useEffect } from 'react';
import { act, render, screen, waitFor } from '@testing-library/react';
import { SnackbarProvider, useSnackbar } from 'notistack';
import { describe, expect, it, vi } from 'vitest';
import { RouteBoundToast } from './RouteBoundToast';
import { screenChanged } from './routeScreens';

let enqueue: ReturnType<typeof useSnackbar>['enqueueSnackbar'] = () => 0;
function Grab() {
  const { enqueueSnackbar } = useSnackbar();
  useEffect(() => {
    enqueue = enqueueSnackbar;
  }, [enqueueSnackbar]);
  return null;
}

function renderToasts() {
  render(
    <SnackbarProvider
      preventDuplicate
      Components={{ default: RouteBoundToast, success: RouteBoundToast, error: RouteBoundToast }}
    >
      <Grab />
    </SnackbarProvider>,
  );
}

describe('toasts of a screen (issue 21)', () => {
  it('leave with the screen they were shown on', async () => {
    const now = vi.spyOn(Date, 'now').mockReturnValue(10_000);
    renderToasts();
    act(() => void enqueue('Lista exportada', { variant: 'success' }));
    expect(await screen.findByText('Lista exportada')).toBeInTheDocument();
    now.mockReturnValue(20_000);
    act(() => screenChanged());
    await waitFor(() => expect(screen.queryByText('Lista exportada')).not.toBeInTheDocument());
    now.mockRestore();
  });

  it('stay on the screen a navigation just opened, and leave with that one', async () => {
    const now = vi.spyOn(Date, 'now').mockReturnValue(50_000);
    renderToasts();
    act(() => void enqueue('Item Salvo com Sucesso', { variant: 'success' }));
    expect(await screen.findByText('Item Salvo com Sucesso')).toBeInTheDocument();
    now.mockReturnValue(50_300); // the save opened the saved item at once
    act(() => screenChanged());
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getByText('Item Salvo com Sucesso')).toBeInTheDocument();
    now.mockReturnValue(60_000);
    act(() => screenChanged());
    await waitFor(() => expect(screen.queryByText('Item Salvo com Sucesso')).not.toBeInTheDocument());
    now.mockRestore();
  });

  it('show one toast for one event said twice', async () => {
    renderToasts();
    act(() => {
      enqueue('Sem conexão');
      enqueue('Sem conexão');
    });
    expect(await screen.findAllByText('Sem conexão')).toHaveLength(1);
  });

  it('are polite, an error interrupts', async () => {
    renderToasts();
    act(() => void enqueue('Item Salvo com Sucesso', { variant: 'success' }));
    expect(await screen.findByText('Item Salvo com Sucesso')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    act(() => void enqueue('Erro de Rede', { variant: 'error' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Erro de Rede');
  });
});
