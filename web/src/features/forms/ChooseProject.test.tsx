import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setSession } from '../../app/session';
import { jsonResponse, mockFetch, renderApp } from '../../test/renderApp';
import { makeSession } from '../../test/session';
import { demoInitialData } from './testing/demoForm';
import type { FormInitialData } from './types';

// "Novo item" in a list of every project opens insertItem with project 0: the form asks in which
// project first (issue 21), among loadProjects?componentId=, then opens in the chosen one.

const needing: FormInitialData = { ...demoInitialData, isNew: true, canEdit: false, needsProject: true };

function serve(projects: { id: number; name: string }[]) {
  const asked: string[] = [];
  mockFetch({}, (url, init) => {
    if (url.includes('/genericItem/loadProjects')) {
      asked.push(url);
      return jsonResponse(projects.map((p) => ({ ...p, disabled: false })));
    }
    if (url.includes('/genericItem/getFormInitialData')) {
      const body = (init?.body ? JSON.parse(String(init.body)) : {}) as { projectID?: number };
      const project = Number(body.projectID ?? new URL(url, 'http://x').searchParams.get('projectID') ?? 0);
      return jsonResponse(project ? { ...demoInitialData, isNew: true } : needing);
    }
    return jsonResponse([]);
  });
  return asked;
}

beforeEach(() => setSession(makeSession()));
afterEach(() => {
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

describe('a new item without a project', { timeout: 60_000 }, () => {
  it('asks in which project, the last one used first, and opens the form there', async () => {
    window.localStorage.setItem(`tramita.lastProject.${demoInitialData.form.componentID}`, '12');
    const asked = serve([
      { id: 11, name: 'Nova Sede' },
      { id: 12, name: 'Transformação Digital' },
    ]);
    const { router } = renderApp('/runtime/2/insertItem/1/0/1');
    expect(await screen.findByRole('heading', { name: 'Em qual projeto?' }, { timeout: 15_000 })).toBeInTheDocument();
    expect(asked[0]).toContain('componentId=');
    expect(await screen.findByRole('radio', { name: 'Transformação Digital' })).toBeChecked();
    await userEvent.click(screen.getByRole('radio', { name: 'Nova Sede' }));
    await userEvent.click(screen.getByRole('button', { name: 'Continuar' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/runtime/2/insertItem/1/11/1'));
    expect(window.localStorage.getItem(`tramita.lastProject.${demoInitialData.form.componentID}`)).toBe('11');
  });

  it('takes the one project there is without asking', async () => {
    serve([{ id: 12, name: 'Transformação Digital' }]);
    const { router } = renderApp('/runtime/2/insertItem/1/0/1');
    await waitFor(() => expect(router.state.location.pathname).toBe('/runtime/2/insertItem/1/12/1'), {
      timeout: 15_000,
    });
    expect(screen.queryByRole('heading', { name: 'Em qual projeto?' })).not.toBeInTheDocument();
  });

  it('says what to do when the user may create it in no project', async () => {
    serve([]);
    renderApp('/runtime/2/insertItem/1/0/1');
    expect(await screen.findByText(/Peça a um gerente de projeto/, undefined, { timeout: 15_000 })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Continuar' })).not.toBeInTheDocument();
  });
});
