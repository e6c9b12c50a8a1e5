package com.dbtools.backup;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.security.GeneralSecurityException;
import java.security.SecureRandom;
import java.util.Set;
import javax.crypto.Cipher;
import javax.crypto.CipherInputStream;
import javax.crypto.CipherOutputStream;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.SecretKeySpec;

/** 使用用户本地密钥文件对备份做 AES-256-GCM 加密。密钥不会离开本机。 */
final class BackupCrypto {

    private final SecretKeySpec key;

    private BackupCrypto(byte[] raw) {
        this.key = new SecretKeySpec(raw, "AES");
    }

    static BackupCrypto fromKeyFile(Path keyFile) throws IOException {
        byte[] raw = Files.readAllBytes(keyFile);
        if (raw.length != 32) {
            throw new IOException("密钥文件必须正好 32 字节: " + keyFile);
        }
        try {
            Set<PosixFilePermission> perms = Files.getPosixFilePermissions(keyFile);
            if (perms.contains(PosixFilePermission.OTHERS_READ) || perms.contains(PosixFilePermission.GROUP_READ)) {
                System.err.println("警告: 密钥文件权限过宽，建议 chmod 600 " + keyFile);
            }
        } catch (UnsupportedOperationException ignored) {
            // 非 POSIX 文件系统
        }
        return new BackupCrypto(raw);
    }

    /** 加密 src 为 src.enc，解密校验通过后才删除明文。 */
    Path encryptAndReplace(Path src) throws IOException, GeneralSecurityException {
        Path out = Path.of(src + ".enc");
        byte[] iv = new byte[12];
        new SecureRandom().nextBytes(iv);
        Cipher c = Cipher.getInstance("AES/GCM/NoPadding");
        c.init(Cipher.ENCRYPT_MODE, key, new GCMParameterSpec(128, iv));
        try (InputStream in = Files.newInputStream(src); OutputStream os = Files.newOutputStream(out)) {
            os.write(iv);
            try (CipherOutputStream cos = new CipherOutputStream(os, c)) {
                in.transferTo(cos);
            }
        }
        if (verify(out) != Files.size(src)) {
            Files.deleteIfExists(out);
            throw new IOException("加密校验失败，保留明文: " + src);
        }
        Files.delete(src);
        return out;
    }

    /** 完整解密一遍（GCM 会校验认证标签），返回明文长度。 */
    long verify(Path enc) throws IOException, GeneralSecurityException {
        try (InputStream raw = Files.newInputStream(enc)) {
            byte[] iv = raw.readNBytes(12);
            Cipher c = Cipher.getInstance("AES/GCM/NoPadding");
            c.init(Cipher.DECRYPT_MODE, key, new GCMParameterSpec(128, iv));
            try (CipherInputStream cin = new CipherInputStream(raw, c)) {
                return cin.transferTo(OutputStream.nullOutputStream());
            }
        }
    }
}
