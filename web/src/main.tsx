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
      {/* route changes are urgent updates: in a transition, the big screen's stream of data
          updates kept pre-empting the next screen (an unknown address showed the 404 after 4 s) */}
      <RouterProvider router={router} useTransitions={false} />
    </Providers>
  </StrictMode>,
);
