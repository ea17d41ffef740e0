import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { ChunkLoadError } from '../routing/chunks.js';
import { DefaultErrorScreen, describeError } from './DefaultErrorScreen.js';

describe('DefaultErrorScreen', () => {
  it("reads 'Unexpected Application Error!' followed by the message", () => {
    render(<DefaultErrorScreen error={new Error('Something broke')} />);
    expect(screen.getByRole('alert')).toHaveTextContent('Unexpected Application Error!Something broke');
  });

  it('offers a reload for a chunk that failed to load', () => {
    render(<DefaultErrorScreen error={new ChunkLoadError('sales/leads', 'css')} />);
    expect(screen.getByText('Loading CSS chunk sales/leads failed')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeInTheDocument();
  });

  it('describes strings and other values', () => {
    expect(describeError('plain')).toBe('plain');
    expect(describeError({ code: 1 })).toBe('{"code":1}');
  });
});
