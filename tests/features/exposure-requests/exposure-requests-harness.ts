import { expect } from 'vitest';
import type { RecordingSms } from '../../server/helpers/exposure';
import type { InProcessServer } from '../helpers/in-process-server';
import { publishableOffice, seed, type TestUser } from '../properties/properties-harness';

/**
 * A broker's request, sent through the API as the dialog would send it: the profile an order needs,
 * a published office in Holon, the client's name and phone. Its id, and the link's token when the
 * server's SMS is recorded.
 */
export async function sendExposureRequest(
  server: InProcessServer,
  user: TestUser,
  client: { name: string; phone: string },
  sms?: RecordingSms,
) {
  await server.app.inject({
    method: 'PATCH',
    url: '/api/me',
    headers: user.headers,
    payload: { licenceNumber: '31234', idNumber: '123456782', businessAddress: 'הברזל 3, תל אביב' },
  });
  const [property] = await seed(server, user, [publishableOffice({ city: 'חולון' })]);
  const response = await server.app.inject({
    method: 'POST',
    url: '/api/exposure-requests',
    headers: user.headers,
    payload: {
      clientName: client.name,
      clientPhone: client.phone,
      dealType: 'rent',
      properties: [{ propertyId: property?.id, approximatePrice: 20_000 }],
      fee: { basis: 'percent', percent: 8 },
      feeIncludesVat: false,
      exclusivity: null,
    },
  });
  expect(response.statusCode, response.body).toBe(201);
  const token = /\/e\/([A-Za-z0-9_-]{43})/.exec(sms?.sent.at(-1)?.message ?? '')?.[1] ?? '';
  return { id: response.json().data.id as string, token };
}
