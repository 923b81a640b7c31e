import { useState } from 'react';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { DatesProvider } from '../app/DatesProvider';
import i18n from '../i18n';
import { INCOMPLETE_DATE } from '../lib/dates';
import { DateInput, DateTextField } from './DateInput';

function Harness({ format, initial = '', onText }: { format: string; initial?: string; onText: (t: string) => void }) {
  const [value, setValue] = useState(initial);
  return (
    <DatesProvider>
      <DateInput
        label="Prazo"
        format={format}
        value={value}
        name="due"
        openLabel="Escolher a data de Prazo"
        onChange={(text) => {
          setValue(text);
          onText(text);
        }}
      />
    </DatesProvider>
  );
}

function setup(format: string, initial?: string) {
  const user = userEvent.setup();
  const onText = vi.fn();
  const { container } = render(<Harness format={format} initial={initial} onText={onText} />);
  const group = screen.getByRole('group', { name: 'Prazo' });
  const hidden = container.querySelector<HTMLInputElement>('input[name=due]')!;
  const type = async (keys: string) => {
    await user.click(within(group).getAllByRole('spinbutton')[0]!);
    await user.keyboard(keys);
  };
  return { user, onText, group, hidden, type, last: () => onText.mock.calls.at(-1)?.[0] as string | undefined };
}

describe('DateInput', () => {
  it('types a date by keyboard, section by section, in DD/MM/YYYY', async () => {
    const { group, hidden, type, last } = setup('DD/MM/YYYY');
    expect(group).toHaveTextContent('DD/MM/AAAA');
    await type('25122026');
    expect(last()).toBe('25/12/2026');
    expect(hidden).toHaveValue('25/12/2026');
    expect(group).toHaveTextContent('25/12/2026');
  });

  it('keeps the spec format in English, with English placeholders', async () => {
    await act(() => i18n.changeLanguage('en'));
    const { group, type, last } = setup('DD/MM/YYYY');
    expect(group).toHaveTextContent('DD/MM/YYYY');
    expect(
      within(group)
        .getAllByRole('spinbutton')
        .map((s) => s.getAttribute('aria-label')),
    ).toEqual(['Day', 'Month', 'Year']);
    await type('05012026');
    expect(last()).toBe('05/01/2026');
  });

  it('types times and moments in 24 hours', async () => {
    const time = setup('HH:mm');
    await time.type('1730');
    expect(time.last()).toBe('17:30');
    time.group.remove();
    const moment = setup('DD/MM/YYYY HH:mm');
    await moment.type('251220261445');
    expect(moment.last()).toBe('25/12/2026 14:45');
  });

  it('holds an unfinished or impossible date as incomplete, a year out of range as typed', async () => {
    const { user, type, last } = setup('DD/MM/YYYY');
    await type('2512');
    await user.tab(); // leaving an unfinished date
    expect(last()).toBe(INCOMPLETE_DATE);
    await type('31022026');
    expect(last()).toBe(INCOMPLETE_DATE);
    await type('01011700');
    expect(last()).toBe('01/01/1700');
  });

  it('is emptied by erasing every section', async () => {
    const { user, group, type, last } = setup('DD/MM/YYYY', '05/01/2026');
    expect(group).toHaveTextContent('05/01/2026');
    await type('{Control>}a{/Control}{Backspace}');
    expect(last()).toBe('');
    await user.tab();
    await type('2'); // the day waits for its second digit
    await user.keyboard('{Backspace}');
    await user.tab();
    expect(last()).toBe('');
  });

  it('shows a value changed from outside', () => {
    const view = (value: string) => (
      <DatesProvider>
        <DateInput label="Prazo" format="DD/MM/YYYY" value={value} onChange={() => {}} />
      </DatesProvider>
    );
    const { rerender } = render(view('05/01/2026'));
    const group = screen.getByRole('group', { name: 'Prazo' });
    expect(group).toHaveTextContent('05/01/2026');
    rerender(view('08/01/2026'));
    expect(group).toHaveTextContent('08/01/2026');
    rerender(view(''));
    expect(group).toHaveTextContent('DD/MM/AAAA');
  });

  it('chooses a day in the calendar', async () => {
    const { user, last } = setup('DD/MM/YYYY', '05/01/2026');
    await user.click(screen.getByRole('button', { name: 'Escolher a data de Prazo' }));
    const calendar = await screen.findByRole('grid');
    await user.click(within(calendar).getByRole('gridcell', { name: '20' }));
    expect(last()).toBe('20/01/2026');
  });

  it('types a time in the field alone, named by its aria label', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    function Period() {
      const [value, setValue] = useState('');
      return (
        <DateTextField
          format="HH:mm"
          value={value}
          ariaLabel="Início do período 1 de Segunda"
          onChange={(text) => {
            setValue(text);
            onChange(text);
          }}
        />
      );
    }
    render(
      <DatesProvider>
        <Period />
      </DatesProvider>,
    );
    const group = screen.getByRole('group', { name: 'Início do período 1 de Segunda' });
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    await user.click(within(group).getAllByRole('spinbutton')[0]!);
    await user.keyboard('0830');
    expect(onChange).toHaveBeenLastCalledWith('08:30');
  });
});
