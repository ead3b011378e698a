/** The states an order shows (server domain/workOrders.ts stateShown) and their colours: the list's tags and the map's points. */
import { Tag, theme } from 'antd';

/** antd preset colour of each state shown (a tag's colour; its hex on the map through the theme). */
const STATE_COLORS: Record<string, 'gold' | 'blue' | 'purple' | 'green' | 'red'> = {
  待接单: 'gold',
  处理中: 'blue',
  已反馈: 'purple',
  已办结: 'green',
  已超时: 'red',
};
/** The legend's order, most urgent first; a place with several orders takes the colour of its first state here. */
export const STATE_ORDER = ['已超时', '已反馈', '待接单', '处理中', '已办结'] as const;

export const StateTag = ({ name }: { name: string }) => <Tag color={STATE_COLORS[name] ?? 'default'}>{name}</Tag>;

/** The hex of each state's preset colour in the current theme (a tag's text colour). */
export function useStateHex(): (name: string) => string {
  const { token } = theme.useToken();
  return (name) => {
    const preset = STATE_COLORS[name];
    return preset ? token[preset] : token.colorTextSecondary;
  };
}
