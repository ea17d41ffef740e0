import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FloatingLabelInput, type FloatingLabelInputProps } from './FloatingLabelInput.js';

function Harness(props: Partial<FloatingLabelInputProps>) {
  const [value, setValue] = useState('');
  return <FloatingLabelInput label="Project name" name="projectName" value={value} onChange={(event) => setValue(event.target.value)} {...props} />;
}

describe('FloatingLabelInput', () => {
  it('is a text input named by its label, typing goes through onChange', async () => {
    render(<Harness />);
    const input = screen.getByRole('textbox', { name: 'Project name' });
    expect(input).toHaveAttribute('type', 'text');
    expect(input).toHaveAttribute('name', 'projectName');
    await userEvent.type(input, 'Marina Heights');
    expect(input).toHaveValue('Marina Heights');
    expect(screen.queryByTestId('floating-input-lock')).not.toBeInTheDocument();
  });

  it('floats the label once focused or filled', async () => {
    render(<Harness />);
    const label = screen.getByText('Project name', { selector: 'label' });
    expect(label).not.toHaveAttribute('data-shrink', 'true');
    await userEvent.click(screen.getByRole('textbox', { name: 'Project name' }));
    expect(label).toHaveAttribute('data-shrink', 'true');
  });

  it('shows a lock icon when disabled', () => {
    render(<Harness disabled value="Locked value" />);
    expect(screen.getByRole('textbox', { name: 'Project name' })).toBeDisabled();
    expect(screen.getByTestId('floating-input-lock')).toBeInTheDocument();
  });

  it('passes type, required and placeholder', () => {
    render(<Harness type="email" required placeholder="name@example.com" />);
    const input = screen.getByRole('textbox', { name: /Project name/ });
    expect(input).toHaveAttribute('type', 'email');
    expect(input).toBeRequired();
    expect(input).toHaveAttribute('placeholder', 'name@example.com');
  });
});
