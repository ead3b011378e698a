import 'dayjs/locale/zh-cn';
import dayjs from 'dayjs';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { platformName } from './app/config';
import Providers from './app/Providers';
import { createAppRouter } from './app/router';
import './styles.css';

dayjs.locale('zh-cn');
document.title = platformName();

const router = createAppRouter();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Providers>
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>,
);
