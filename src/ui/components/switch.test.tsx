// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Switch } from './switch';

afterEach(cleanup);

describe('the switch', () => {
  it('is a switch named by its label that reports the new state when clicked on its label', () => {
    const onChange = vi.fn();
    render(
      <Switch isSelected={false} onChange={onChange}>
        Matching
      </Switch>,
    );
    const toggle = screen.getByRole('switch', { name: 'Matching' }) as HTMLInputElement;
    expect(toggle.checked).toBe(false);
    fireEvent.click(screen.getByText('Matching'));
    expect(onChange).toHaveBeenCalledWith(true);
  });

  it('follows its isSelected, not its own clicks (the machine decides)', () => {
    const { rerender } = render(
      <Switch isSelected onChange={() => {}}>
        Matching
      </Switch>,
    );
    const toggle = screen.getByRole('switch') as HTMLInputElement;
    fireEvent.click(toggle);
    expect(toggle.checked).toBe(true);
    rerender(
      <Switch isSelected={false} onChange={() => {}}>
        Matching
      </Switch>,
    );
    expect(toggle.checked).toBe(false);
  });

  it('disabled, refuses to toggle but keeps the focus and its description', () => {
    const onChange = vi.fn();
    const { rerender } = render(
      <>
        <p id="why">Paused by the agency</p>
        <Switch isSelected onChange={onChange} aria-describedby="why">
          Matching
        </Switch>
      </>,
    );
    const toggle = screen.getByRole('switch') as HTMLInputElement;
    toggle.focus();
    // Saving: the switch is disabled while the focus is on it.
    rerender(
      <>
        <p id="why">Paused by the agency</p>
        <Switch isSelected isDisabled onChange={onChange} aria-describedby="why">
          Matching
        </Switch>
      </>,
    );
    expect(document.activeElement).toBe(toggle);
    expect(toggle.getAttribute('aria-disabled')).toBe('true');
    expect(toggle.disabled).toBe(false);
    expect(document.getElementById(toggle.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Paused by the agency',
    );
    fireEvent.click(toggle);
    expect(onChange).not.toHaveBeenCalled();
    expect(toggle.checked).toBe(true);
  });
});
