import { secretBox } from '../platform/crypto/secret-box.js';
import type { Platform } from '../platform/http/types.js';
import { createPaymentGateway } from '../platform/payments/create.js';
import type { AppModule } from './app-module.js';
import { authMailJobs } from './auth/auth.mails.js';
import { authRoutes } from './auth/auth.routes.js';
import { authService } from './auth/auth.service.js';
import { directPurchase } from './auth/direct-purchase.js';
import { googleIdTokens } from './auth/google.js';
import { accessTokens, refreshTokenSuccessor } from './auth/tokens.js';
import { apiPlanService } from './billing/api-plans.service.js';
import { appSumoService } from './billing/appsumo.service.js';
import { billingJobs, RENEWAL_CRON } from './billing/billing.jobs.js';
import { billingRoutes } from './billing/billing.routes.js';
import { billingService } from './billing/billing.service.js';
import { companyRoutes } from './company/company.routes.js';
import { companyService } from './company/company.service.js';
import { oidcClients } from './sso/oidc.js';
import { ssoRoutes } from './sso/sso.routes.js';
import { ssoService } from './sso/sso.service.js';
import { teamSeats } from './teams/seats.js';
import { teamMailJobs } from './teams/teams.mails.js';
import { teamRoutes } from './teams/teams.routes.js';
import { teamService } from './teams/teams.service.js';
import { passkeyRoutes } from './two-factor/passkeys.routes.js';
import { passkeyService } from './two-factor/passkeys.service.js';
import { twoFactorSecrets } from './two-factor/secrets.js';
import { twoFactorRoutes } from './two-factor/two-factor.routes.js';
import { twoFactorService } from './two-factor/two-factor.service.js';
import { DAILY_REPORT_CRON, userMailJobs } from './users/users.mails.js';
import { userRoutes } from './users/users.routes.js';
import { userService } from './users/users.service.js';

/**
 * The people and their accounts: sign-up and sign-in (passwords, second steps, passkeys, Google, single sign-on),
 * profiles, teams, company branding, and what they pay (plans, AppSumo codes, API plans).
 */
export function accountModules(platform: Platform) {
  const { config, database, jobs, mailer, sms, storage, now } = platform;
  const db = database.db;
  const appUrl = config.appUrl;

  const authMails = authMailJobs({ db, mailer, appUrl, now });
  const passkeys = passkeyService({ db, now, appUrl });
  const twoFactor = twoFactorService({
    db,
    sms,
    secrets: twoFactorSecrets(config.jwtSecret),
    now,
    log: platform.log,
    passkeys,
  });
  const auth = authService({
    db,
    jobs,
    mails: authMails,
    accessTokens: accessTokens(config.jwtSecret),
    successorOf: refreshTokenSuccessor(config.jwtSecret),
    twoFactor,
    passkeys,
    google: config.google ? googleIdTokens(config.google) : undefined,
    now,
    sockets: platform.realtime,
  });
  const purchase = directPurchase({ db, jobs, mailer, authMails, auth, now });

  const userMails = userMailJobs({ db, mailer, jobs, appUrl, now });
  const users = userService({ db, storage, jobs, mails: userMails, now, sockets: platform.realtime });

  const gateway = createPaymentGateway(config, db);
  const billingJobDefs = billingJobs({ db, jobs, gateway, storage, mailer, appUrl, seller: config.invoiceSeller, now });
  const billing = billingService({ db, jobs, gateway, billingJobs: billingJobDefs, now });
  const appSumo = appSumoService({ db, jobs, authMails });
  const apiPlans = apiPlanService({ db, jobs, gateway, billingJobs: billingJobDefs, now });

  const teamMails = teamMailJobs({ db, mailer, appUrl, now });
  const teams = teamService({
    db,
    jobs,
    mails: teamMails,
    now,
    seats: teamSeats(billing),
    sockets: platform.realtime,
    startSession: auth.startSession,
  });
  // Single sign-on for a team (issue 38): its sign-in ends as a password sign-in does (auth's finishSignIn).
  const sso = ssoService({
    db,
    oidc: oidcClients({ allowPrivate: config.sso.allowPrivateAddresses, timeoutMs: config.integrationsTimeoutMs }),
    box: secretBox(config.jwtSecret, 'sso:client-secret:v1'),
    serverSecret: config.jwtSecret,
    appUrl,
    allowPrivate: config.sso.allowPrivateAddresses,
    finishSignIn: auth.finishSignIn,
    seats: teamSeats(billing),
    sockets: platform.realtime,
    now,
    log: platform.log,
  });

  const modules: AppModule[] = [
    {
      name: 'auth',
      jobs: [
        authMails.confirmationMail,
        authMails.passwordResetMail,
        authMails.alreadyRegisteredMail,
        purchase.signUpCodeMail,
      ],
      routes: (api) => api.register(authRoutes, { auth, purchase, passkeys }),
    },
    {
      name: 'users',
      jobs: [
        userMails.emailChangeMail,
        userMails.emailChangedMail,
        userMails.documentVoidedMail,
        userMails.dailyReportMail,
        userMails.dailyReport,
      ],
      schedules: [{ job: userMails.dailyReport, cron: DAILY_REPORT_CRON, payload: {} }],
      routes: (api) => api.register(userRoutes, { users }),
    },
    {
      name: 'teams',
      jobs: [teamMails.invitationMail],
      routes: (api) => api.register(teamRoutes, { teams }),
    },
    { name: 'sso', routes: (api) => api.register(ssoRoutes, { sso }) },
    // Company branding: the owner's settings and logo; its effects are read through companyOfDocumentOwner.
    { name: 'company', routes: (api) => api.register(companyRoutes, { company: companyService({ db, storage }) }) },
    // The second step of a sign-in is the auth module's (it asks this module's service); these are the user's own.
    {
      name: 'two-factor',
      routes: async (api) => {
        await api.register(twoFactorRoutes, { twoFactor });
        await api.register(passkeyRoutes, { passkeys });
      },
    },
    {
      name: 'billing',
      jobs: [billingJobDefs.invoicePdfs, billingJobDefs.downgradedMail, billingJobDefs.renewDue],
      schedules: [{ job: billingJobDefs.renewDue, cron: RENEWAL_CRON, payload: {} }],
      routes: (api) => api.register(billingRoutes, { billing, appSumo, apiPlans }),
    },
  ];
  return { modules, auth, appSumo, apiPlans };
}
