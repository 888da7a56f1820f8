import { describe, expect, it } from 'vitest';
import { api, unwrap } from '@/api';
import { serverForTests } from './helpers/in-process-server';

describe('the in-process server used by screen tests', () => {
  const server = serverForTests();

  it("answers the app's own API client through the real routes and database", async () => {
    await expect(unwrap(api.GET('/health'))).resolves.toEqual({ status: 'ok' });
    expect(server.requests).toContain('GET /api/health');
  });

  it('returns the error envelope as an ApiError', async () => {
    await expect(
      unwrap(api.POST('/login/Otp/send', { body: { phoneNumber: 'not-a-phone', process: 'auth' } })),
    ).rejects.toMatchObject({ status: 400, code: 'validation_failed' });
  });
});
