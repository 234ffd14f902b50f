// discord-api-spec ships its zod schemas as plain JS with no declarations; only the few used
// here are declared, as opaque zod/mini schemas (the double checks, it does not infer types).
declare module 'discord-api-spec/zod' {
  import type { ZodMiniType } from 'zod/mini';
  export const CreateMessageInteractionCallbackRequestSchema: ZodMiniType;
  export const UpdateMessageInteractionCallbackRequestSchema: ZodMiniType;
  export const ApplicationCommandAutocompleteCallbackRequestSchema: ZodMiniType;
  export const ModalInteractionCallbackRequestSchema: ZodMiniType;
  export const IncomingWebhookRequestPartialSchema: ZodMiniType;
  export const IncomingWebhookUpdateRequestPartialSchema: ZodMiniType;
  export const MessageCreateRequestSchema: ZodMiniType;
  export const MessageEditRequestPartialSchema: ZodMiniType;
  export const CreateTextThreadWithMessageRequestSchema: ZodMiniType;
  export const CreateTextThreadWithoutMessageRequestSchema: ZodMiniType;
  export const ApplicationCommandUpdateRequestSchema: ZodMiniType;
}
