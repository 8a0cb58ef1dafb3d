import type { Language } from '@esign/shared';
import type { SignerMailTexts } from './texts.js';

/**
 * The mails a signer gets (the invitation and its reminder, the completed document, another party's 'signed'
 * notice), in the nine languages besides English (texts.en.ts) a document can be set to (issue 26). Every table has
 * every key and placeholder of the English one (the type and texts.test.ts check it).
 */
export const signerTexts: Readonly<Record<Exclude<Language, 'en'>, SignerMailTexts>> = {
  de: {
    common: { greeting: 'Hallo {{name}},', greetingWithoutName: 'Hallo,', untitledDocument: 'Unbenanntes Dokument' },
    signerInvitation: {
      subject: '{{sender}} hat Ihnen „{{title}}“ zur Unterschrift gesendet',
      reminderSubject: 'Erinnerung: {{sender}} wartet auf Ihre Unterschrift unter „{{title}}“',
      body: '{{sender}} ({{senderEmail}}) hat Ihnen das Dokument „{{title}}“ zur Unterschrift gesendet.',
      message: 'Nachricht von {{sender}}: {{message}}',
      action: 'Prüfen und unterschreiben',
      footer: 'Dieser Link ist nur für Sie bestimmt: Leiten Sie diese E-Mail nicht weiter.',
    },
    completed: {
      subject: 'Abgeschlossen: {{title}}',
      body: 'Alle haben „{{title}}“ unterschrieben. Das unterschriebene Dokument steht zum Download bereit.',
      action: 'Dokument herunterladen',
      footer: 'Bewahren Sie diese E-Mail auf: Über den Link können Sie das unterschriebene Dokument herunterladen.',
      verify: 'Prüfen Sie dieses Dokument unter {{url}}',
    },
    signerSigned: {
      subject: '{{signer}} hat „{{title}}“ unterschrieben',
      body: '{{signer}} ({{signerEmail}}) hat das Dokument „{{title}}“ unterschrieben.',
      action: 'Dokument ansehen',
    },
  },
  fr: {
    common: { greeting: 'Bonjour {{name}},', greetingWithoutName: 'Bonjour,', untitledDocument: 'Document sans titre' },
    signerInvitation: {
      subject: '{{sender}} vous a envoyé « {{title}} » à signer',
      reminderSubject: 'Rappel : {{sender}} attend votre signature sur « {{title}} »',
      body: '{{sender}} ({{senderEmail}}) vous a envoyé le document « {{title}} » à signer.',
      message: 'Message de {{sender}} : {{message}}',
      action: 'Consulter et signer',
      footer: 'Ce lien vous est personnel : ne transférez pas cet e-mail.',
    },
    completed: {
      subject: 'Terminé : {{title}}',
      body: 'Tout le monde a signé « {{title}} ». Le document signé est prêt à être téléchargé.',
      action: 'Télécharger le document',
      footer: 'Conservez cet e-mail : le lien permet de télécharger le document signé.',
      verify: 'Vérifiez ce document sur {{url}}',
    },
    signerSigned: {
      subject: '{{signer}} a signé « {{title}} »',
      body: '{{signer}} ({{signerEmail}}) a signé le document « {{title}} ».',
      action: 'Voir le document',
    },
  },
  es: {
    common: { greeting: 'Hola {{name}}:', greetingWithoutName: 'Hola:', untitledDocument: 'Documento sin título' },
    signerInvitation: {
      subject: '{{sender}} le ha enviado «{{title}}» para firmar',
      reminderSubject: 'Recordatorio: {{sender}} espera su firma en «{{title}}»',
      body: '{{sender}} ({{senderEmail}}) le ha enviado el documento «{{title}}» para firmar.',
      message: 'Mensaje de {{sender}}: {{message}}',
      action: 'Revisar y firmar',
      footer: 'Este enlace es solo para usted: no reenvíe este correo.',
    },
    completed: {
      subject: 'Completado: {{title}}',
      body: 'Todos han firmado «{{title}}». El documento firmado está listo para descargar.',
      action: 'Descargar documento',
      footer: 'Conserve este correo: el enlace le permite descargar el documento firmado.',
      verify: 'Verifique este documento en {{url}}',
    },
    signerSigned: {
      subject: '{{signer}} ha firmado «{{title}}»',
      body: '{{signer}} ({{signerEmail}}) ha firmado el documento «{{title}}».',
      action: 'Ver documento',
    },
  },
  pt: {
    common: { greeting: 'Olá, {{name}},', greetingWithoutName: 'Olá,', untitledDocument: 'Documento sem título' },
    signerInvitation: {
      subject: '{{sender}} enviou "{{title}}" para você assinar',
      reminderSubject: 'Lembrete: {{sender}} aguarda sua assinatura em "{{title}}"',
      body: '{{sender}} ({{senderEmail}}) enviou o documento "{{title}}" para você assinar.',
      message: 'Mensagem de {{sender}}: {{message}}',
      action: 'Revisar e assinar',
      footer: 'Este link é só seu: não encaminhe este e-mail.',
    },
    completed: {
      subject: 'Concluído: {{title}}',
      body: 'Todos assinaram "{{title}}". O documento assinado está pronto para baixar.',
      action: 'Baixar documento',
      footer: 'Guarde este e-mail: o link permite baixar o documento assinado.',
      verify: 'Verifique este documento em {{url}}',
    },
    signerSigned: {
      subject: '{{signer}} assinou "{{title}}"',
      body: '{{signer}} ({{signerEmail}}) assinou o documento "{{title}}".',
      action: 'Ver documento',
    },
  },
  it: {
    common: { greeting: 'Ciao {{name}},', greetingWithoutName: 'Ciao,', untitledDocument: 'Documento senza titolo' },
    signerInvitation: {
      subject: '{{sender}} ti ha inviato "{{title}}" da firmare',
      reminderSubject: 'Promemoria: {{sender}} attende la tua firma su "{{title}}"',
      body: '{{sender}} ({{senderEmail}}) ti ha inviato il documento "{{title}}" da firmare.',
      message: 'Messaggio da {{sender}}: {{message}}',
      action: 'Esamina e firma',
      footer: 'Questo link è solo per te: non inoltrare questa e-mail.',
    },
    completed: {
      subject: 'Completato: {{title}}',
      body: 'Tutti hanno firmato "{{title}}". Il documento firmato è pronto da scaricare.',
      action: 'Scarica documento',
      footer: 'Conserva questa e-mail: il link ti permette di scaricare il documento firmato.',
      verify: 'Verifica questo documento su {{url}}',
    },
    signerSigned: {
      subject: '{{signer}} ha firmato "{{title}}"',
      body: '{{signer}} ({{signerEmail}}) ha firmato il documento "{{title}}".',
      action: 'Visualizza documento',
    },
  },
  nl: {
    common: { greeting: 'Hallo {{name}},', greetingWithoutName: 'Hallo,', untitledDocument: 'Naamloos document' },
    signerInvitation: {
      subject: '{{sender}} heeft u "{{title}}" gestuurd om te ondertekenen',
      reminderSubject: 'Herinnering: {{sender}} wacht op uw handtekening onder "{{title}}"',
      body: '{{sender}} ({{senderEmail}}) heeft u het document "{{title}}" gestuurd om te ondertekenen.',
      message: 'Bericht van {{sender}}: {{message}}',
      action: 'Bekijken en ondertekenen',
      footer: 'Deze link is alleen voor u: stuur deze e-mail niet door.',
    },
    completed: {
      subject: 'Voltooid: {{title}}',
      body: 'Iedereen heeft "{{title}}" ondertekend. Het ondertekende document staat klaar om te downloaden.',
      action: 'Document downloaden',
      footer: 'Bewaar deze e-mail: met de link downloadt u het ondertekende document.',
      verify: 'Controleer dit document op {{url}}',
    },
    signerSigned: {
      subject: '{{signer}} heeft "{{title}}" ondertekend',
      body: '{{signer}} ({{signerEmail}}) heeft het document "{{title}}" ondertekend.',
      action: 'Document bekijken',
    },
  },
  pl: {
    common: {
      greeting: 'Dzień dobry {{name}},',
      greetingWithoutName: 'Dzień dobry,',
      untitledDocument: 'Dokument bez tytułu',
    },
    signerInvitation: {
      subject: '{{sender}} wysłał(a) Ci „{{title}}” do podpisu',
      reminderSubject: 'Przypomnienie: {{sender}} czeka na Twój podpis pod „{{title}}”',
      body: '{{sender}} ({{senderEmail}}) wysłał(a) Ci dokument „{{title}}” do podpisu.',
      message: 'Wiadomość od {{sender}}: {{message}}',
      action: 'Przejrzyj i podpisz',
      footer: 'Ten link jest tylko dla Ciebie: nie przekazuj tej wiadomości dalej.',
    },
    completed: {
      subject: 'Ukończono: {{title}}',
      body: 'Wszyscy podpisali „{{title}}”. Podpisany dokument jest gotowy do pobrania.',
      action: 'Pobierz dokument',
      footer: 'Zachowaj tę wiadomość: link pozwala pobrać podpisany dokument.',
      verify: 'Zweryfikuj ten dokument na {{url}}',
    },
    signerSigned: {
      subject: '{{signer}} podpisał(a) „{{title}}”',
      body: '{{signer}} ({{signerEmail}}) podpisał(a) dokument „{{title}}”.',
      action: 'Zobacz dokument',
    },
  },
  ja: {
    common: { greeting: '{{name}} 様', greetingWithoutName: 'こんにちは。', untitledDocument: '無題の文書' },
    signerInvitation: {
      subject: '{{sender}} さんから「{{title}}」への署名依頼が届きました',
      reminderSubject: 'リマインダー：{{sender}} さんが「{{title}}」への署名をお待ちです',
      body: '{{sender}} さん（{{senderEmail}}）から文書「{{title}}」への署名依頼が届きました。',
      message: '{{sender}} さんからのメッセージ：{{message}}',
      action: '確認して署名',
      footer: 'このリンクはあなた専用です。このメールを転送しないでください。',
    },
    completed: {
      subject: '完了：{{title}}',
      body: '全員が「{{title}}」に署名しました。署名済みの文書をダウンロードできます。',
      action: '文書をダウンロード',
      footer: 'このメールを保管してください。リンクから署名済みの文書をダウンロードできます。',
      verify: 'この文書は {{url}} で検証できます',
    },
    signerSigned: {
      subject: '{{signer}} さんが「{{title}}」に署名しました',
      body: '{{signer}} さん（{{signerEmail}}）が文書「{{title}}」に署名しました。',
      action: '文書を表示',
    },
  },
  zh: {
    common: { greeting: '{{name}}，您好：', greetingWithoutName: '您好：', untitledDocument: '无标题文档' },
    signerInvitation: {
      subject: '{{sender}} 向您发送了“{{title}}”待签署',
      reminderSubject: '提醒：{{sender}} 正在等待您签署“{{title}}”',
      body: '{{sender}}（{{senderEmail}}）向您发送了文档“{{title}}”，请您签署。',
      message: '{{sender}} 的留言：{{message}}',
      action: '查看并签署',
      footer: '此链接仅供您本人使用：请勿转发此邮件。',
    },
    completed: {
      subject: '已完成：{{title}}',
      body: '所有人都已签署“{{title}}”。已签署的文档可以下载了。',
      action: '下载文档',
      footer: '请保留此邮件：通过链接可以下载已签署的文档。',
      verify: '在 {{url}} 验证此文档',
    },
    signerSigned: {
      subject: '{{signer}} 已签署“{{title}}”',
      body: '{{signer}}（{{signerEmail}}）已签署文档“{{title}}”。',
      action: '查看文档',
    },
  },
};
