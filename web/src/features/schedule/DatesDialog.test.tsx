import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { DatesProvider } from '../../app/DatesProvider';
import type { ScheduledTask } from './api';
import { DatesDialog } from './DatesDialog';
import './i18n';

vi.setConfig({ testTimeout: 30_000 });

const task: ScheduledTask = {
  id: 5,
  FormattedID: 15,
  Title: 'Instalar os servidores',
  responsible: 'Ana',
  parentId: 0,
  outline: '4.2',
  level: 2,
  summary: false,
  milestone: false,
  start: '2025-05-12',
  finish: '2025-05-19',
  lateStart: '2025-05-12',
  lateFinish: '2025-05-19',
  atDayEnd: false,
  duration: 6,
  progress: 40,
  totalFloat: 0,
  freeFloat: 0,
  critical: true,
};

function renderDialog(over: Partial<ScheduledTask>, withProgress: boolean) {
  const onSave = vi.fn();
  render(
    <MemoryRouter>
      <DatesProvider>
        <DatesDialog
          task={{ ...task, ...over }}
          itemLink="/runtime/2/editItem/1/5/0"
          saving={false}
          withProgress={withProgress}
          onCancel={() => {}}
          onSave={onSave}
        />
      </DatesProvider>
    </MemoryRouter>,
  );
  return onSave;
}

describe('the dates dialog', () => {
  it('asks the percent complete beside the dates, a whole number from 0 to 100', async () => {
    const user = userEvent.setup();
    const onSave = renderDialog({}, true);
    const percent = screen.getByRole('textbox', { name: '% concluído' });
    expect(percent).toHaveValue('40');
    await user.clear(percent);
    await user.type(percent, '150');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Informe um número inteiro de 0 a 100.')).toBeVisible();
    expect(onSave).not.toHaveBeenCalled();
    await user.clear(percent);
    await user.type(percent, '75{Enter}');
    expect(onSave).toHaveBeenCalledWith('2025-05-12', '2025-05-19', 75);
  });

  it('asks no percent of a milestone', () => {
    renderDialog({ milestone: true }, true);
    expect(screen.queryByRole('textbox', { name: '% concluído' })).toBeNull();
  });

  it('saves the dates alone without a progress field', async () => {
    const user = userEvent.setup();
    const onSave = renderDialog({}, false);
    expect(screen.queryByRole('textbox', { name: '% concluído' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(onSave).toHaveBeenCalledWith('2025-05-12', '2025-05-19', undefined);
  });
});
