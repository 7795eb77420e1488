// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Checkbox } from './checkbox';

afterEach(cleanup);

describe('the checkbox', () => {
  it('is a checkbox named by its label that reports the new state when its label is clicked', () => {
    const onChange = vi.fn();
    render(
      <Checkbox isSelected={false} onChange={onChange}>
        Lebenslauf anhängen
      </Checkbox>,
    );
    const box = screen.getByRole('checkbox', { name: 'Lebenslauf anhängen' }) as HTMLInputElement;
    expect(box.checked).toBe(false);
    fireEvent.click(screen.getByText('Lebenslauf anhängen'));
    expect(onChange).toHaveBeenCalledWith(true);
  });

  it('follows its isSelected, not its own clicks', () => {
    const { rerender } = render(
      <Checkbox isSelected onChange={() => {}}>
        Anhängen
      </Checkbox>,
    );
    const box = screen.getByRole('checkbox') as HTMLInputElement;
    fireEvent.click(box);
    expect(box.checked).toBe(true);
    rerender(
      <Checkbox isSelected={false} onChange={() => {}}>
        Anhängen
      </Checkbox>,
    );
    expect(box.checked).toBe(false);
  });

  // Disabled while the form it belongs to is sent (the send-to-client dialog, the new terms' prompt).
  it('disabled, refuses to toggle but keeps the focus and its description', () => {
    const onChange = vi.fn();
    const view = (isDisabled: boolean) => (
      <>
        <p id="why">Wird gesendet</p>
        <Checkbox isSelected={false} isDisabled={isDisabled} onChange={onChange} aria-describedby="why">
          Anhängen
        </Checkbox>
      </>
    );
    const { rerender } = render(view(false));
    const box = screen.getByRole('checkbox') as HTMLInputElement;
    box.focus();
    rerender(view(true));
    expect(document.activeElement).toBe(box);
    expect(box.getAttribute('aria-disabled')).toBe('true');
    expect(box.disabled).toBe(false);
    expect(document.getElementById(box.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Wird gesendet',
    );
    fireEvent.click(box);
    expect(onChange).not.toHaveBeenCalled();
    expect(box.checked).toBe(false);
  });

  it('says it is invalid', () => {
    render(
      <Checkbox isSelected={false} isInvalid onChange={() => {}}>
        Zustimmen
      </Checkbox>,
    );
    expect(screen.getByRole('checkbox').getAttribute('aria-invalid')).toBe('true');
  });
});
