/**
 * The preview endpoint's bodies (service-api.md 2.1 to 2.8), as Zod schemas: they check requests, and the
 * OpenAPI document is generated from them, so the two cannot drift apart.
 */
import { z } from 'zod';

/** The channels a preview may be made for (server-decisions.md, "Channels"). */
export const CHANNELS = ['EMAIL', 'SMS', 'PUSH', 'WEB_PUSH', 'IN_APP', 'WHATSAPP', 'CARDS'] as const;

const requiredText = z.string().min(1);

/** `personalization_content.custom_template_data`: a stored template version. */
export const customTemplateDataSchema = z
  .object({
    template_id: requiredText.describe('Identifier of the custom template.'),
    version: requiredText.describe('Version of the custom template.'),
  })
  .describe('Reference to a stored custom template; both fields are required, and the pair must exist.');

/** The preview request body. */
export const previewRequestSchema = z
  .object({
    request_id: requiredText.describe('Identifier of the preview request.'),
    personalization_content: z
      .object({
        payload: z
          .record(z.string(), z.string())
          .nullish()
          .describe(
            'Any keys; each value is text that may contain personalization tokens. With data-compression on, each value is Base64 of gzip (or zlib, or raw deflate) data.',
          ),
        custom_template_data: customTemplateDataSchema.nullish(),
      })
      .describe(
        'Content to personalize: at least one of payload and custom_template_data must have a value.',
      ),
    personalization_details: z
      .object({
        channel: z.enum(CHANNELS).describe('Channel the preview is made for.'),
        event_name: z
          .string()
          .nullish()
          .describe('Required when the content reads EventAttribute; must be one of the workspace events.'),
        user_attributes: z
          .record(z.string(), z.unknown())
          .nullish()
          .describe('User attribute values; they win over the stored ones. A null value is a missing one.'),
        event_attributes: z.record(z.string(), z.unknown()).nullish().describe('Event attribute values.'),
      })
      .describe('Channel and attribute values.'),
    user_details: z
      .object({
        identifier: requiredText.describe(
          'Kind of key identifying the user, case-insensitive: ID, EMAIL, MOBILE (or PHONE), or a user attribute name.',
        ),
        identifier_value: requiredText.describe("The user's value of that key."),
      })
      .nullish()
      .describe('Which stored user to personalize for.'),
  })
  .describe('A preview request.');

/** A preview request that passed the schema. */
export type PreviewRequest = z.output<typeof previewRequestSchema>;

/** A custom template record as returned in `payload.data` (service-api.md 2.7). */
export const templateRecordSchema = z
  .object({
    meta_info: z.record(z.string(), z.unknown()).optional(),
    external_template_id: z.string().optional(),
    version: z.number().int().optional(),
  })
  .catchall(z.unknown())
  .describe(
    'A stored custom template record; every string inside its platform objects (ANDROID, IOS, WEB, ...) is personalized.',
  );

/** The 200 body. */
export const previewResponseSchema = z
  .object({
    personalized_content: z.object({
      payload: z
        .union([
          z.record(z.string(), z.string()).describe('Inline content: the request keys, each personalized.'),
          z
            .object({ data: z.array(templateRecordSchema) })
            .describe('Custom template: the personalized record.'),
        ])
        .describe(
          'With both payload and custom_template_data, the inline keys and data together. With data-compression on, inline values are gzip + Base64.',
        ),
    }),
  })
  .describe('The personalized content.');

/** The body of a 400, 401, 413 or 429. */
export const requestErrorSchema = z.object({
  error: z.object({
    message: z
      .string()
      .describe("Short error text: 'Invalid Request', 'Payload Too Large', 'Rate limit reached'."),
    details: z
      .array(
        z.object({
          target: z.string().describe('The offending field (its JSON path) or header.'),
          message: z.string().describe('What is wrong.'),
        }),
      )
      .describe('One item per problem.'),
  }),
});

/** The body of a 500. */
export const serverErrorSchema = z.object({
  error: z.object({
    message: z.literal('Server Error'),
    details: z.object({ message: z.string().describe('Asks to contact support.') }),
  }),
});
