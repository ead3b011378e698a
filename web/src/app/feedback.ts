import { message as staticMessage } from 'antd';
import type { MessageInstance } from 'antd/es/message/interface';

/** The antd message API; the App bridge swaps in the context-aware instance. */
let api: MessageInstance = staticMessage;

export function setMessageApi(instance: MessageInstance): void {
  api = instance;
}

export function toast(): MessageInstance {
  return api;
}
