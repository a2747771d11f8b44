import { z } from 'zod';

/** Declares a channel: its input schema, and (as a type only) its output. */
export const channel = <I extends z.ZodType, O>(input: I) => ({ input, output: undefined as unknown as O });

/** Declares an event by its payload's type (the name is the key it is declared under). */
export const event = <P>() => undefined as unknown as P;

/** The input of a channel that takes none. */
export const none = z.strictObject({});
