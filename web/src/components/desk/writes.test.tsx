// @vitest-environment jsdom
/** useWrites: a write outside a CrudTab toasts, refreshes its keys, tells the server's message on failure. */
import { useQuery } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import Providers from '../../app/Providers';
import { RequestError } from '../../app/request';
import { useWrites } from './index';

let loads = 0;
let other = 0;

function Screen({ call }: { call: () => Promise<{ n: number }> }) {
  const listed = useQuery({ queryKey: ['writesTest', 'list', 1], queryFn: async () => ++loads });
  useQuery({ queryKey: ['writesOther'], queryFn: async () => ++other });
  const writes = useWrites(['writesTest', 'list']);
  const [said, setSaid] = useState('');
  return (
    <div>
      <span data-testid="loaded">{listed.data}</span>
      <span data-testid="said">{said}</span>
      <span data-testid="busy">{String(writes.busy)}</span>
      <button type="button" onClick={() => void writes.run(call, (a) => `已写 ${a.n}`).then((ok) => setSaid(String(ok)))}>
        写
      </button>
      <button
        type="button"
        onClick={() =>
          void writes.submit(call).then(
            () => setSaid('saved'),
            (e: Error) => setSaid(`rejected ${e.message}`),
          )
        }
      >
        存
      </button>
    </div>
  );
}

const mount = (call: () => Promise<{ n: number }>) =>
  render(
    <Providers>
      <Screen call={call} />
    </Providers>,
  );

describe('useWrites', () => {
  it('runs a write: toasts what the answer says, reloads its keys only, resolves true', async () => {
    loads = 0;
    other = 0;
    let release!: (v: { n: number }) => void;
    mount(() => new Promise((r) => (release = r)));
    await waitFor(() => expect(screen.getByTestId('loaded').textContent).toBe('1'));
    fireEvent.click(screen.getByRole('button', { name: '写' }));
    await waitFor(() => expect(screen.getByTestId('busy').textContent).toBe('true'));
    await act(async () => release({ n: 3 }));
    await screen.findByText('已写 3');
    await waitFor(() => expect(screen.getByTestId('said').textContent).toBe('true'));
    expect(screen.getByTestId('loaded').textContent).toBe('2');
    expect(screen.getByTestId('busy').textContent).toBe('false');
    expect(other).toBe(1);
  });

  it("tells the server's message on failure, reloads nothing and resolves false", async () => {
    loads = 0;
    mount(() => Promise.reject(new RequestError('名称已被使用', 'failed', false, 400)));
    await waitFor(() => expect(screen.getByTestId('loaded').textContent).toBe('1'));
    fireEvent.click(screen.getByRole('button', { name: '写' }));
    await screen.findByText('名称已被使用');
    await waitFor(() => expect(screen.getByTestId('said').textContent).toBe('false'));
    expect(screen.getByTestId('loaded').textContent).toBe('1');
  });

  it('submits for a dialog: reloads after the call, and rejects on failure so the dialog stays open', async () => {
    loads = 0;
    let fail = true;
    mount(() => (fail ? Promise.reject(new Error('不行')) : Promise.resolve({ n: 1 })));
    await waitFor(() => expect(screen.getByTestId('loaded').textContent).toBe('1'));
    fireEvent.click(screen.getByRole('button', { name: '存' }));
    await waitFor(() => expect(screen.getByTestId('said').textContent).toBe('rejected 不行'));
    expect(screen.getByTestId('loaded').textContent).toBe('1');
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: '存' }));
    await waitFor(() => expect(screen.getByTestId('said').textContent).toBe('saved'));
    expect(screen.getByTestId('loaded').textContent).toBe('2');
  });
});
