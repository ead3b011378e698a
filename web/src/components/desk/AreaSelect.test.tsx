// @vitest-environment jsdom
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import Providers from '../../app/Providers';
import { heldDefaults, persistedDefaults, useSession } from '../../app/session/store';
import type { AreaNode } from '../../app/session/types';
import AreaSelect from './AreaSelect';

const node = (id: string, areaName: string, level: number, children?: AreaNode[]): AreaNode => ({
  id,
  areaCode: id,
  areaName,
  parentId: null,
  level,
  aggregation: 0,
  aggregationId: null,
  platformCode: null,
  children,
});
const TREE = [node('110100', '北京市市辖区', 2, [node('110105', '朝阳区', 3), node('110108', '海淀区', 3)])];

beforeEach(() => {
  useSession.setState({ ...persistedDefaults(), ...heldDefaults(), areaAll: TREE });
});

describe('the area picker', () => {
  it('picks one area of the session tree by its id', async () => {
    const onChange = vi.fn();
    render(
      <Providers>
        <AreaSelect value="110108" onChange={onChange} />
      </Providers>,
    );
    expect(screen.getByText('海淀区')).toBeTruthy();
    fireEvent.mouseDown(screen.getByRole('combobox'));
    fireEvent.click(await screen.findByTitle('朝阳区'));
    await waitFor(() => expect(onChange).toHaveBeenCalledWith('110105'));
  });

  it('picks several with `multiple` (an enterprise’s launch and operation areas)', async () => {
    const onChange = vi.fn();
    render(
      <Providers>
        <AreaSelect multiple value={['110108']} onChange={onChange} placeholder="请选择投放区域" />
      </Providers>,
    );
    fireEvent.mouseDown(screen.getByRole('combobox'));
    fireEvent.click(await screen.findByTitle('朝阳区'));
    await waitFor(() => expect(onChange).toHaveBeenCalledWith(['110108', '110105']));
  });
});
