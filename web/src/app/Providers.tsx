import { QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp, ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import type { ReactNode } from 'react';
import { setMessageApi } from './feedback';
import { queryClient } from './queryClient';

/** Hands antd's context-aware message API to the request layer (set during render, idempotent). */
function MessageBridge() {
  const { message } = AntApp.useApp();
  setMessageApi(message);
  return null;
}

/** antd (zh_CN), message bridge and react-query around the app. */
export default function Providers({ children }: { children: ReactNode }) {
  return (
    <ConfigProvider locale={zhCN} theme={{ token: { colorPrimary: '#1677ff', borderRadius: 6 } }}>
      <AntApp>
        <MessageBridge />
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      </AntApp>
    </ConfigProvider>
  );
}
