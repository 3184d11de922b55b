import { z } from 'zod';
import { MESSAGES, MIN_PASSWORD_LENGTH } from './constants.ts';
import { ScreenSizeSchema } from './device-schemas.ts';
import { text } from './text.ts';

/** Emails are compared trimmed and lower-case. */
export const EmailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(254, 'Email must be at most 254 characters')
  .pipe(z.email('Please enter a valid email address'));

export const PasswordSchema = z
  .string()
  .min(MIN_PASSWORD_LENGTH, MESSAGES.passwordTooShort)
  .max(200, 'Passwords must have at most 200 characters.');

export const RegisterBodySchema = z.object({
  firstName: text().trim().min(1, 'First name is required').max(60, 'First name must be at most 60 characters'),
  lastName: text().trim().max(60).default(''),
  email: EmailSchema,
  password: PasswordSchema,
});
export type RegisterBody = z.input<typeof RegisterBodySchema>;

export const RegisterResultSchema = z.object({
  uid: z.string(),
  email: z.string(),
  /** False when the verification email could not be sent; logging in sends it again. */
  verificationEmailSent: z.boolean(),
});
export type RegisterResult = z.infer<typeof RegisterResultSchema>;

export const LoginBodySchema = z.object({
  email: EmailSchema,
  password: z.string().min(1, 'Password is required').max(200),
});

export const PublicUserSchema = z.object({
  uid: z.string(),
  firstName: z.string(),
  email: z.string(),
  isAdmin: z.boolean(),
  /** The screen phone files are made for (`1170x2532`), once the user chose one (decision 028). */
  phoneScreen: z.string().optional(),
});
export type PublicUser = z.infer<typeof PublicUserSchema>;

export const LoginResultSchema = z.union([
  z.object({ needVerified: z.literal(true) }),
  PublicUserSchema.extend({ loginSucceed: z.literal(true), token: z.string() }),
]);
export type LoginResult = z.infer<typeof LoginResultSchema>;

export const VerifyParamsSchema = z.object({
  id: z.uuid('This verification link is not valid'),
  token: z.string().regex(/^[A-Za-z0-9_-]{20,100}$/, 'This verification link is not valid'),
});

export const VerifyResultSchema = z.object({ message: z.string(), email: z.string() });
export type VerifyResult = z.infer<typeof VerifyResultSchema>;

export const ForgotPasswordBodySchema = z.object({ email: EmailSchema });
export const ResetPasswordBodySchema = z.object({
  token: z.string().regex(/^[A-Za-z0-9_-]{20,100}$/, 'This reset link is not valid'),
  password: PasswordSchema,
});

export const MessageSchema = z.object({ message: z.string() });

/** The user's phone, kept on the account so every browser they sign in on makes files for it. */
export const PhoneScreenBodySchema = z.object({ screen: ScreenSizeSchema });
