import type { Messages } from '@propdesk/i18n';
import type { AuthKey } from './en.js';

const ar: Messages<AuthKey> = {
  pageTitle: 'تسجيل الدخول · {product}',
  welcome: 'مرحبًا بك في {product}',
  intro: 'سجّل الدخول بحساب العمل للمتابعة.',
  username: 'اسم المستخدم',
  password: 'كلمة المرور',
  showPassword: 'إظهار كلمة المرور',
  hidePassword: 'إخفاء كلمة المرور',
  signIn: 'تسجيل الدخول',
  signingIn: 'جارٍ تسجيل الدخول',
  invalidCredentials: 'اسم المستخدم أو كلمة المرور غير صحيحة!',
  csrfUnavailable: 'تعذّر بدء جلسة آمنة مع الخادم. حاول مرة أخرى.',
  serverFailure: 'تعذّر على الخادم تسجيل دخولك الآن. حاول مرة أخرى لاحقًا.',
};
export default ar;
