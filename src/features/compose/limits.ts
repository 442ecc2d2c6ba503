/** Its own module so the composer's form (also shown in the states gallery) needs none of the sending code. */
export const MAX_FROM_LENGTH = 80;
