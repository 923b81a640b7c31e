package i18n

// Messages of sign-in, sessions, passwords, MFA, terms of use and password confirmation.
var authPtBR = map[string]string{
	"auth.wrongCredentials":          "Login ou senha inválidos.",
	"auth.passwordExpired":           "Sua senha expirou ou precisa ser alterada.",
	"auth.locked":                    "Acesso bloqueado temporariamente por excesso de tentativas. Tente novamente em {minutes} minutos.",
	"auth.wait":                      "Muitas tentativas sem sucesso. Aguarde {seconds} segundos e tente novamente.",
	"auth.inactive":                  "Usuário inativo. Procure o administrador.",
	"auth.recaptchaFailed":           "Não foi possível validar o reCAPTCHA. Tente novamente.",
	"auth.mfaWrongCode":              "Código inválido.",
	"auth.mfaTooManyAttempts":        "Tentativas esgotadas. Entre novamente.",
	"auth.mfaAlreadyEnrolled":        "A autenticação em dois fatores já está configurada para este usuário.",
	"auth.mfaNotEnrolled":            "A autenticação em dois fatores não está configurada para este usuário.",
	"auth.mfaNoPendingSecret":        "Carregue o código de configuração antes de enviar o código.",
	"auth.termsRequired":             "Para conseguir acessar é obrigatório aceitar o termo de uso",
	"auth.passwordsDontMatch":        "As senhas não são iguais",
	"auth.passwordTooShort":          "A senha deve ter pelo menos {min} caracteres.",
	"auth.passwordTooLong":           "A senha deve ter no máximo {max} caracteres.",
	"auth.passwordIsLogin":           "A senha não pode ser igual ao login.",
	"auth.passwordTooCommon":         "Esta senha é muito comum. Escolha outra.",
	"auth.passwordSameAsOld":         "A nova senha deve ser diferente da atual.",
	"auth.wrongOldPassword":          "A senha atual não confere.",
	"auth.passwordChangeNotRequired": "A senha deste usuário não precisa ser alterada. Entre normalmente.",
	"auth.passwordChanged":           "Senha alterada com sucesso",
	"auth.resetSent":                 "Se o login estiver cadastrado com um e-mail, enviamos para ele um link para criar uma nova senha, válido por 1 hora.",
	"auth.mailNotConfigured":         "O envio de e-mail não está configurado. Procure o administrador.",
	"auth.badEncoding":               "A senha não está em base64 válido.",
	"auth.termsNotPDF":               "O termo de uso deve ser um arquivo PDF.",
	"auth.mail.resetSubject":         "Crie uma nova senha do {brand}",
	"auth.mail.resetBody": "Olá, {name}.\n\nRecebemos um pedido para redefinir a senha do login {login} no {brand}. " +
		"Abra o link abaixo para criar uma nova senha; ele vale por 1 hora e só pode ser usado uma vez.\n\n" +
		"{link}\n\n" +
		"Se você não fez este pedido, ignore esta mensagem: a sua senha atual continua valendo.\n",
	"auth.resetLinkInvalid":       "Este link de redefinição de senha é inválido, já foi usado ou expirou. Peça um novo.",
	"auth.mfaLocked":              "Código de verificação bloqueado por excesso de tentativas. Tente novamente em {minutes} minutos.",
	"auth.mail.mfaFailureSubject": "Tentativa de acesso à sua conta do {brand}",
	"auth.mail.mfaFailureBody": "Olá, {name}.\n\nAlguém entrou com a sua senha no {brand} (login {login}), mas errou o código de verificação " +
		"em dois fatores.\n\nSe foi você, ignore esta mensagem. Se não foi, troque a sua senha agora e avise o administrador.\n",
	"auth.mail.mfaLockedBody": "Olá, {name}.\n\nA sua senha do {brand} (login {login}) foi usada e o código de verificação em dois fatores " +
		"foi errado muitas vezes: a verificação ficou bloqueada por {minutes} minutos.\n\n" +
		"Se não foi você, troque a sua senha agora e avise o administrador.\n",
	"auth.passwordNotConfirmed": "Senha incorreta: nada foi assinado.",
}

var authEn = map[string]string{
	"auth.wrongCredentials":          "Invalid login or password.",
	"auth.passwordExpired":           "Your password has expired or must be changed.",
	"auth.locked":                    "Access temporarily blocked after too many attempts. Try again in {minutes} minutes.",
	"auth.wait":                      "Too many failed attempts. Wait {seconds} seconds and try again.",
	"auth.inactive":                  "Inactive user. Contact the administrator.",
	"auth.recaptchaFailed":           "The reCAPTCHA could not be verified. Try again.",
	"auth.mfaWrongCode":              "Invalid code.",
	"auth.mfaTooManyAttempts":        "No attempts left. Sign in again.",
	"auth.mfaAlreadyEnrolled":        "Two-factor authentication is already set up for this user.",
	"auth.mfaNotEnrolled":            "Two-factor authentication is not set up for this user.",
	"auth.mfaNoPendingSecret":        "Load the setup code before sending the code.",
	"auth.termsRequired":             "To get access you must accept the terms of use",
	"auth.passwordsDontMatch":        "Passwords do not match",
	"auth.passwordTooShort":          "The password must have at least {min} characters.",
	"auth.passwordTooLong":           "The password must have at most {max} characters.",
	"auth.passwordIsLogin":           "The password cannot be the login.",
	"auth.passwordTooCommon":         "This password is too common. Choose another one.",
	"auth.passwordSameAsOld":         "The new password must differ from the current one.",
	"auth.wrongOldPassword":          "The current password is not correct.",
	"auth.passwordChangeNotRequired": "This user's password does not need to be changed. Sign in as usual.",
	"auth.passwordChanged":           "Password changed successfully",
	"auth.resetSent":                 "If the login is registered with an e-mail address, we sent it a link to create a new password, valid for 1 hour.",
	"auth.mailNotConfigured":         "Sending e-mail is not configured. Contact the administrator.",
	"auth.badEncoding":               "The password is not valid base64.",
	"auth.termsNotPDF":               "The terms of use must be a PDF file.",
	"auth.mail.resetSubject":         "Create a new {brand} password",
	"auth.mail.resetBody": "Hello, {name}.\n\nWe received a request to reset the password of the login {login} on {brand}. " +
		"Open the link below to create a new password; it is valid for 1 hour and works only once.\n\n" +
		"{link}\n\n" +
		"If you did not ask for this, ignore this message: your current password still works.\n",
	"auth.resetLinkInvalid":       "This password reset link is invalid, was already used or has expired. Ask for a new one.",
	"auth.mfaLocked":              "Verification code blocked after too many attempts. Try again in {minutes} minutes.",
	"auth.mail.mfaFailureSubject": "Sign-in attempt on your {brand} account",
	"auth.mail.mfaFailureBody": "Hello, {name}.\n\nSomeone signed in to {brand} with your password (login {login}) but entered a wrong " +
		"two-factor verification code.\n\nIf it was you, ignore this message. If not, change your password now and tell the administrator.\n",
	"auth.mail.mfaLockedBody": "Hello, {name}.\n\nYour {brand} password (login {login}) was used and the two-factor verification code " +
		"was wrong too many times: verification is blocked for {minutes} minutes.\n\n" +
		"If it was not you, change your password now and tell the administrator.\n",
	"auth.passwordNotConfirmed": "Wrong password: nothing was signed.",
}
