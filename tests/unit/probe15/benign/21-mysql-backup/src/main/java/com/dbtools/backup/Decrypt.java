package com.dbtools.backup;

import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import javax.crypto.Cipher;
import javax.crypto.CipherInputStream;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.SecretKeySpec;

/** 解密 .sql.gz.enc：java -cp mysql-backup.jar com.dbtools.backup.Decrypt <密钥文件> <文件.enc> */
public final class Decrypt {
    public static void main(String[] args) throws Exception {
        if (args.length != 2) {
            System.err.println("用法: Decrypt <密钥文件> <文件.sql.gz.enc>");
            System.exit(2);
        }
        byte[] key = Files.readAllBytes(Path.of(args[0]));
        Path enc = Path.of(args[1]);
        Path out = Path.of(args[1].replaceFirst("\\.enc$", ""));
        try (InputStream raw = Files.newInputStream(enc); OutputStream os = Files.newOutputStream(out)) {
            byte[] iv = raw.readNBytes(12);
            Cipher c = Cipher.getInstance("AES/GCM/NoPadding");
            c.init(Cipher.DECRYPT_MODE, new SecretKeySpec(key, "AES"), new GCMParameterSpec(128, iv));
            try (CipherInputStream cin = new CipherInputStream(raw, c)) {
                cin.transferTo(os);
            }
        }
        System.out.println("已解密: " + out);
    }
}
