import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { LinkType, ScheduledTask } from './api';
import { indentParent, outdentParent, outlineKey, parseLag } from './gantt';
import { LinkDialog } from './LinkDialog';
import { OutlineButtons } from './Outline';
import './i18n';

vi.setConfig({ testTimeout: 30_000 });

const task = (id: number, parentId: number, level: number, outline: string): ScheduledTask => ({
  id,
  FormattedID: id + 10,
  responsible: '',
  Title: `T${id}`,
  parentId,
  outline,
  level,
  summary: false,
  milestone: false,
  start: '2025-03-03',
  finish: '2025-03-07',
  lateStart: '2025-03-03',
  lateFinish: '2025-03-07',
  atDayEnd: false,
  duration: 5,
  progress: 0,
  totalFloat: 0,
  freeFloat: 0,
  critical: false,
});

// 1 Phase (2, 3 under it), 4 at the top.
const plan = [{ ...task(1, 0, 1, '1'), summary: true }, task(2, 1, 2, '1.1'), task(3, 1, 2, '1.2'), task(4, 0, 1, '2')];

describe('indent and outdent', () => {
  it('indents under the task above at the same level, outdents to the summary’s parent', () => {
    expect(indentParent(plan, 3)).toBe(2);
    expect(indentParent(plan, 4)).toBe(1);
    expect(indentParent(plan, 2)).toBeNull();
    expect(indentParent(plan, 1)).toBeNull();
    expect(outdentParent(plan, 2)).toBe(0);
    expect(outdentParent(plan, 4)).toBeNull();
  });

  it('reads MS Project’s keys only', () => {
    const key = (key: string, over = {}) =>
      outlineKey({ key, altKey: true, shiftKey: true, ctrlKey: false, metaKey: false, ...over });
    expect(key('ArrowRight')).toBe('indent');
    expect(key('ArrowLeft')).toBe('outdent');
    expect(key('ArrowLeft', { shiftKey: false })).toBeNull();
    expect(key('ArrowDown')).toBeNull();
  });

  it('offers the moves the selected task allows and names them', async () => {
    const onMove = vi.fn();
    const { rerender } = render(<OutlineButtons tasks={plan} selected={plan[2]!} disabled={false} onMove={onMove} />);
    const indent = screen.getByRole('button', { name: 'Aumentar recuo' });
    const outdent = screen.getByRole('button', { name: 'Diminuir recuo' });
    expect(indent).toHaveAttribute('aria-keyshortcuts', 'Alt+Shift+ArrowRight');
    await userEvent.click(indent);
    expect(onMove).toHaveBeenLastCalledWith('indent', 2);
    await userEvent.click(outdent);
    expect(onMove).toHaveBeenLastCalledWith('outdent', 0);
    rerender(<OutlineButtons tasks={plan} selected={plan[3]!} disabled={false} onMove={onMove} />);
    expect(screen.getByRole('button', { name: 'Diminuir recuo' })).toBeDisabled();
    rerender(<OutlineButtons tasks={plan} selected={null} disabled={false} onMove={onMove} />);
    expect(screen.getByRole('button', { name: 'Aumentar recuo' })).toBeDisabled();
  });
});

describe('the link dialog', () => {
  it('reads a lag in whole days within ten years', () => {
    expect(parseLag('2')).toBe(2);
    expect(parseLag(' −3 ')).toBe(-3);
    expect(parseLag('-3650')).toBe(-3650);
    expect(parseLag('3651')).toBeNull();
    expect(parseLag('1.5')).toBeNull();
    expect(parseLag('')).toBeNull();
  });

  it('asks the type the sides said and a lag, and refuses a bad one', async () => {
    const onSave = vi.fn<(type: LinkType, lag: number) => void>();
    render(
      <LinkDialog
        predecessor={plan[1]!}
        successor={plan[2]!}
        type="SS"
        saving={false}
        onCancel={() => {}}
        onSave={onSave}
      />,
    );
    expect(screen.getByRole('dialog', { name: 'Nova dependência' })).toHaveTextContent('#13 T3 depende de #12 T2.');
    expect(screen.getByRole('combobox', { name: 'Tipo' })).toHaveTextContent('Início para início (II)');
    const lag = screen.getByRole('textbox', { name: 'Defasagem (dias úteis)' });
    await userEvent.clear(lag);
    await userEvent.type(lag, '4000');
    expect(screen.getByText('Informe um número inteiro de dias entre −3650 e 3650.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Criar dependência' })).toBeDisabled();
    await userEvent.clear(lag);
    await userEvent.type(lag, '2');
    fireEvent.submit(lag.closest('form')!);
    expect(onSave).toHaveBeenCalledWith('SS', 2);
  });
});
