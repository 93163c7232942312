import { createBrowserRouter } from 'react-router';
import { RouteError } from '../components/route-fallbacks';

/**
 * Three lazily loaded areas (spec §2 top-level routes): a patient never downloads the staff apps. Made when the app
 * starts (main.tsx), as creating it already navigates to the page the browser shows.
 */
export const createAppRouter = () =>
  createBrowserRouter([
    {
      path: '/expert/*',
      lazy: async () => ({ Component: (await import('../areas/expert/expert-app')).ExpertApp }),
      errorElement: <RouteError />,
    },
    {
      path: '/admin/*',
      lazy: async () => ({ Component: (await import('../areas/admin/admin-app')).AdminApp }),
      errorElement: <RouteError />,
    },
    {
      path: '/*',
      lazy: async () => ({ Component: (await import('../areas/patient/patient-app')).PatientApp }),
      errorElement: <RouteError />,
    },
  ]);
