import { defineModule } from '../../platform/app-module';
import { registerRetentionJob } from './retention.job';

/** Deletes what each organisation's retention settings say, nightly (docs/retention.md). */
export const retentionModule = defineModule('retention', async (app, { db, files }) => {
  registerRetentionJob(app.jobs, db, files);
});
