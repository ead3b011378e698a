// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { FLEET_NOTES, Term } from './fleetTerms';

describe('fleet terms (issue 25.4)', () => {
  it('says online and in-site count filed bikes only and illegal bikes apart, and shows it on hover', async () => {
    expect(FLEET_NOTES.online).toMatch(/备案车辆/);
    expect(FLEET_NOTES.online).toMatch(/非法车辆/);
    expect(FLEET_NOTES.onlineRate).toMatch(/在线 ÷ 备案/);
    render(<Term label="在线" note="online" />);
    fireEvent.mouseEnter(screen.getByText('在线'));
    expect(await screen.findByText(FLEET_NOTES.online)).toBeTruthy();
  });
});
