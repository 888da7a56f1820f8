import { buildTestApp, type TestApp, type TestAppOptions } from './build-test-app';
import { forTests } from './for-tests';
import { createDataDir } from './properties';

/** The real app for the tests of a file (or describe block): built before them, closed after. */
export const appForTests = (options: TestAppOptions = {}) => forTests(() => buildTestApp(options));

export interface TestAppWithFiles extends TestApp {
  /** The folder the app stores files in, removed when the app closes. */
  dataDir: string;
}

/** The same app with a data folder of its own for stored files. */
export const appWithFilesForTests = (options: TestAppOptions = {}) =>
  forTests(async (): Promise<TestAppWithFiles> => {
    const data = await createDataDir();
    const testApp = await buildTestApp({ ...options, config: { ...options.config, dataDir: data.dataDir } });
    return {
      ...testApp,
      dataDir: data.dataDir,
      close: async () => {
        await testApp.close();
        await data.remove();
      },
    };
  });
