import { describe, expect, it } from 'vitest';
import {
  BLANK_DETAILS,
  loadDetails,
  previewRequest,
  readAnswer,
  type StoredUserDetails,
  saveDetails,
} from '../src/stored-user/stored-user-preview';

const details: StoredUserDetails = {
  workspaceId: 'DEMO01',
  apiKey: 'clé',
  identifier: 'EMAIL',
  userId: 'jane@example.com',
  channel: 'SMS',
  eventName: '',
};

/** A `sessionStorage` stand-in. */
function storage(initial: Record<string, string> = {}): Pick<Storage, 'getItem' | 'setItem'> {
  const items = new Map(Object.entries(initial));
  return { getItem: (key) => items.get(key) ?? null, setItem: (key, value) => void items.set(key, value) };
}

describe('the stored-user preview request', () => {
  it('authenticates as the service documents: Basic over the UTF-8 of id:key, and the Workspace ID header', () => {
    const request = previewRequest(details, { subject: 'Hi' }, { Product: 'Lamp' });
    const headers = request.headers as Record<string, string>;
    expect(headers.authorization).toBe(`Basic ${Buffer.from('DEMO01:clé', 'utf8').toString('base64')}`);
    expect(headers['SVC-APPKEY']).toBe('DEMO01');
    expect(JSON.parse(request.body)).toEqual({
      request_id: expect.stringMatching(/^playground-/),
      personalization_content: { payload: { subject: 'Hi' } },
      personalization_details: { channel: 'SMS' },
      user_details: { identifier: 'EMAIL', identifier_value: 'jane@example.com' },
    });
  });

  it('sends the sample event attributes with an event name only', () => {
    const request = previewRequest({ ...details, eventName: 'Purchase' }, {}, { Product: 'Lamp' });
    expect(JSON.parse(request.body).personalization_details).toEqual({
      channel: 'SMS',
      event_name: 'Purchase',
      event_attributes: { Product: 'Lamp' },
    });
  });
});

describe('the answer as a client receives it', () => {
  it('a 200 gives the personalized payload', async () => {
    const body = { personalized_content: { payload: { subject: 'Hi Jane' } } };
    const answer = await readAnswer(new Response(JSON.stringify(body), { status: 200 }));
    expect(answer).toEqual({
      status: 200,
      bodyText: JSON.stringify(body, null, 2),
      payload: { subject: 'Hi Jane' },
      error: undefined,
    });
  });

  it('an error gives its items, target and message', async () => {
    const body = {
      error: { message: 'Invalid Request', details: [{ target: 'Authorization', message: 'bad key' }] },
    };
    const answer = await readAnswer(new Response(JSON.stringify(body), { status: 401 }));
    expect(answer.error).toEqual({
      message: 'Invalid Request',
      items: [{ target: 'Authorization', message: 'bad key' }],
    });
    expect(answer.payload).toBeUndefined();
  });

  it('a 500 has one details object', async () => {
    const body = { error: { message: 'Server Error', details: { message: 'contact support' } } };
    const answer = await readAnswer(new Response(JSON.stringify(body), { status: 500 }));
    expect(answer.error).toEqual({
      message: 'Server Error',
      items: [{ target: undefined, message: 'contact support' }],
    });
  });

  it('a body that is not JSON, or none, is shown as it came', async () => {
    expect(await readAnswer(new Response('<html>proxy error</html>', { status: 502 }))).toEqual({
      status: 502,
      bodyText: '<html>proxy error</html>',
      payload: undefined,
      error: undefined,
    });
    expect((await readAnswer(new Response(null, { status: 429 }))).bodyText).toBe('');
  });
});

describe('the details kept for the tab', () => {
  it('are read back as saved', () => {
    const session = storage();
    saveDetails(session, details);
    expect(loadDetails(session)).toEqual(details);
  });

  it('start blank, and anything unreadable is blank', () => {
    expect(loadDetails(storage())).toEqual(BLANK_DETAILS);
    expect(loadDetails(storage({ 'personalize-playground:stored-user': '{oops' }))).toEqual(BLANK_DETAILS);
    expect(
      loadDetails(storage({ 'personalize-playground:stored-user': '{"apiKey": 5, "userId": "u-1"}' })),
    ).toEqual({
      ...BLANK_DETAILS,
      userId: 'u-1',
    });
  });
});
