// 由 springboot-scaffold 安装到 ~/.gradle/init.d/（需用户同意），对本机所有 Gradle 构建生效。
// 作用：插件与依赖优先走阿里云公共镜像。只添加公共仓库，不读取、不设置任何凭据；
// 项目自己声明的私服仓库（及其凭据）保持不变。

val aliyun = listOf(
    "https://maven.aliyun.com/repository/public",
    "https://maven.aliyun.com/repository/spring",
    "https://maven.aliyun.com/repository/gradle-plugin",
)

// 设置 CN_MIRRORS_DISABLED=1 可以临时关闭（例如在海外 CI 上）
val disabled = System.getenv("CN_MIRRORS_DISABLED") == "1"

fun RepositoryHandler.cnMirrors() {
    if (disabled) return
    aliyun.forEach { u ->
        maven {
            name = "aliyun-" + u.substringAfterLast('/')
            url = uri(u)
        }
    }
}

gradle.settingsEvaluated {
    pluginManagement.repositories.cnMirrors()
    @Suppress("UnstableApiUsage")
    dependencyResolutionManagement.repositories.cnMirrors()
}

gradle.allprojects {
    buildscript.repositories.cnMirrors()
    repositories.cnMirrors()
}
