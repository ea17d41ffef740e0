import type { ResourcePageProps } from '@propdesk/records/web';
import { SchedulePreview } from './SchedulePreview.js';

/** The payment plan screens add the live schedule preview to the generated form and view. */
export const paymentPlanScreen: Omit<ResourcePageProps, 'def'> = {
  formExtension: {
    create: {},
    update: {},
    defaults: () => ({}),
    render: ({ values }) => <SchedulePreview values={values} />,
  },
  renderExtra: (record) => <SchedulePreview values={record} />,
};
