using System.Security.Cryptography;
using System.Text;

namespace BackupRotate;

/// <summary>
/// 备份文件加解密：PBKDF2-SHA256 从口令派生 256 位密钥，AES-GCM 加密。
/// 文件格式：magic(4) | salt(16) | nonce(12) | tag(16) | ciphertext
/// </summary>
public static class ArchiveCrypto
{
    private static readonly byte[] Magic = Encoding.ASCII.GetBytes("BKR1");
    private const int Iterations = 600_000;

    private static byte[] DeriveKey(string passphrase, byte[] salt) =>
        Rfc2898DeriveBytes.Pbkdf2(passphrase, salt, Iterations, HashAlgorithmName.SHA256, 32);

    public static string EncryptFile(string path, string passphrase)
    {
        var plain = File.ReadAllBytes(path);
        var salt = RandomNumberGenerator.GetBytes(16);
        var nonce = RandomNumberGenerator.GetBytes(12);
        var tag = new byte[16];
        var cipher = new byte[plain.Length];
        using (var gcm = new AesGcm(DeriveKey(passphrase, salt), 16))
        {
            gcm.Encrypt(nonce, plain, cipher, tag);
        }
        var outPath = path + ".enc";
        using var fs = File.Create(outPath);
        fs.Write(Magic);
        fs.Write(salt);
        fs.Write(nonce);
        fs.Write(tag);
        fs.Write(cipher);
        return outPath;
    }

    public static string DecryptFile(string path, string passphrase)
    {
        var data = File.ReadAllBytes(path);
        if (data.Length < 48 || !data.AsSpan(0, 4).SequenceEqual(Magic))
            throw new InvalidDataException("不是 backup-rotate 加密文件");
        var salt = data[4..20];
        var nonce = data[20..32];
        var tag = data[32..48];
        var cipher = data[48..];
        var plain = new byte[cipher.Length];
        using (var gcm = new AesGcm(DeriveKey(passphrase, salt), 16))
        {
            gcm.Decrypt(nonce, cipher, tag, plain); // 口令错误时抛出 AuthenticationTagMismatchException
        }
        var outPath = Path.Combine(Path.GetTempPath(), Path.GetFileNameWithoutExtension(path));
        File.WriteAllBytes(outPath, plain);
        return outPath;
    }
}
